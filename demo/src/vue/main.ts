// The Vue 3 page (vue.html): the elements' define modules first, so that Vue finds the properties on
// the elements it creates (`banks`, `link`, `session`) and sets them as properties.
import '@pay-elements/elements/define/pay-dynamic-account';
import '@pay-elements/elements/define/pay-bank-picker';
import '@pay-elements/elements/define/pay-link';
import { createApp } from 'vue';
import { App } from './App.js';

createApp(App).mount('#app');
